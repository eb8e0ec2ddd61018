/// A mistake in what a run was asked for (a command line, a plan's `--only`, `--shard` or
/// render limit): the CLI answers it with exit code 2.
package struct UsageError: Error, CustomStringConvertible {
  package let description: String
  package init(_ description: String) { self.description = description }
}
