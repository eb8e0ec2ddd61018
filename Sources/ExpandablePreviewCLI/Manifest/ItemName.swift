/// Checks that an item name can be used as a folder name on every common file system.
enum ItemName {
  /// Why `name` is not file-name-safe, or `nil` when it is.
  static func problem(with name: String) -> String? {
    if name.isEmpty { return "is empty" }
    if name.contains("/") || name.contains("\\") { return "contains a path separator" }
    if name.contains("..") { return "contains '..'" }
    if name.hasPrefix(".") { return "starts with a dot" }
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return "contains a control character"
    }
    if name.utf8.count > 200 { return "is longer than 200 bytes" }
    if name == "index.html" { return "would collide with the gallery, index.html" }
    return nil
  }
}
