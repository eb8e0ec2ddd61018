import ExpandablePreviewCLI
import ExpandablePreviewWorkbench
import Foundation

// The executable only hands its arguments to the CLI library, where every command lives and is
// unit-tested in process; `serve` runs in the workbench target, on the options the CLI read:
// the two faces stand on the engine and never import each other.

// A file size limit (ulimit -f) must fail the write with EFBIG and a clear error, not kill us.
signal(SIGXFSZ, SIG_IGN)
// A reader that goes away (`render | head -1`) must fail the write with EPIPE, which the
// console output treats as standard output gone, not kill the run before its files are written.
signal(SIGPIPE, SIG_IGN)
let serve = ToolCommand { arguments in
  let options = try ServeOptions.parse(arguments)
  return try ServeCommand.run(
    manifest: options.manifest, port: options.port, host: options.host, workers: options.jobs,
    snapshots: options.snapshots, artifacts: options.artifacts,
    opensBrowser: options.opensBrowser)
}
exit(runTool(Array(CommandLine.arguments.dropFirst()), supplying: ["serve": serve]))
