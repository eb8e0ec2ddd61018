import Foundation

// renderer-identity --root DIR --output FILE --compiler SWIFTC (--part NAME FILE…)…
// Run by Plugins/RendererIdentityPlugin at build time; writes RendererIdentity.swift.

do {
  let arguments = try IdentityArguments(Array(CommandLine.arguments.dropFirst()))
  let compiler = try CompilerVersion.of(arguments.compiler)
  let identities = try arguments.parts.map { part in
    (part, try RendererIdentityHash.identity(of: part, root: arguments.root, compiler: compiler))
  }
  let source = RendererIdentityHash.source(identities: identities, compiler: compiler)
  try IdentityOutput.write(source, to: arguments.output)
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
}
