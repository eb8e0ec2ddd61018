import ExpandablePreviewDevTools
import Foundation

// The developer tool only hands its arguments to its library, where bench, stress and
// fuzz-replay live and are tested in process. Built with the fuzzer (Scripts/fuzz.sh), it is
// libFuzzer's driver instead.
#if FUZZING
  exit(FuzzTargets.runDriver())
#else
  // As the user's tool: a file size limit or a reader gone fails a write, not the process.
  signal(SIGXFSZ, SIG_IGN)
  signal(SIGPIPE, SIG_IGN)
  exit(runDeveloperTool(Array(CommandLine.arguments.dropFirst())))
#endif
