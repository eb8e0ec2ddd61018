import Foundation
import PackagePlugin

/// Generates `RendererIdentity.swift` for the target it is applied to (the engine): the
/// SHA-256 of the sources that decide a job's bytes and a golden's verdict, and of the
/// compiler's version, computed by the `renderer-identity` tool. The build re-runs the tool
/// when any listed file or the compiler changes; a file added to a listed folder changes the
/// list, which SwiftPM sees when it asks this plugin again at the next build.
@main struct RendererIdentityPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL
    let output = context.pluginWorkDirectoryURL.appending(path: "RendererIdentity.swift")
    let compiler = try context.tool(named: "swiftc").url
    var arguments = ["--root", root.path, "--output", output.path, "--compiler", compiler.path]
    var inputs: [URL] = [compiler]
    for part in IdentitySources.parts {
      let files = try part.files(under: root)
      arguments += ["--part", part.name] + files
      inputs += files.map { root.appending(path: $0) }
    }
    return [
      .buildCommand(
        displayName: "Hashing the renderer's sources into RendererIdentity.swift",
        executable: try context.tool(named: "renderer-identity").url,
        arguments: arguments, inputFiles: inputs, outputFiles: [output])
    ]
  }
}
