/// Why the workbench cannot do what its page asked (render the playground's settings, read the
/// gallery's manifest, approve or undo a golden), in words the page shows as they are.
package struct PreviewProblem: Error, Sendable, CustomStringConvertible {
  package let description: String
  package init(_ description: String) { self.description = description }
}
