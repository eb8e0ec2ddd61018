import ExpandablePreview
import ExpandablePreviewSupport
import Foundation
import Testing

@testable import ExpandablePreviewEngine

/// The job keys and the layout records' variants of a manifest over every axis, pinned: a
/// refactoring of how settings and axes are declared must leave them as they were, or every
/// output folder and golden key written before would read as changed.
@Suite struct JobKeyPinTests {
  /// The key tests' context, without the libraries this machine has beside the named ones.
  static let context: KeyContext = {
    var context = JobKeyTests.context
    context.otherLibraries = [:]
    return context
  }()

  static let manifest = #"""
    {"defaults": {"lineLimit": 2, "animation": "easeIn", "collapseButton": "less"},
     "variants": {"appearance": ["light", "dark"], "dynamicType": ["large", "accessibility2"],
                  "legibilityWeight": ["regular", "bold"],
                  "colorSchemeContrast": ["standard", "increased"],
                  "device": ["iPhone SE", "iPad Pro 13-inch"], "width": [320, 327.5],
                  "scale": [2, 3]},
     "items": [{"name": "a", "text": "Some words to lay out."},
               {"name": "b", "text": "Other words.", "padding": 4,
                "variants": {"width": [300], "device": ["iPhone 16 Pro Max"]}}]}
    """#

  static func jobs() throws -> [RenderJob] {
    let manifest = try ManifestDecoder.decode(
      ManifestSource(path: "m.json", bytes: Array(Self.manifest.utf8)))
    return manifest.items.enumerated().flatMap { RenderJob.jobs(for: $1, itemIndex: $0) }
  }

  @Test func theKeysOfEveryAxisAndStateStayAsTheyWere() throws {
    let digest = SHA256Digest()
    let jobs = try Self.jobs()
    for job in jobs {
      digest.update(field: job.relativePath)
      digest.update(field: JobKey.of(job, in: Self.context))
    }
    // Item a: seven axes of two values; item b: five (its own width and device), four states.
    #expect(jobs.count == (128 + 32) * 4)
    #expect(digest.hex() == "e421a53eb9a03f8717441cedae3be903ef80d265eb387b894f54504fd3cb230e")
  }

  @Test func theLayoutRecordsVariantsStayAsTheyWere() throws {
    // Sorted, as every record of the tool is written (JSONSummary).
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let digest = SHA256Digest()
    for job in try Self.jobs() {
      digest.update(Array(try encoder.encode(job.variant)))
    }
    #expect(digest.hex() == "dd040f7aff61be13e66eda70e0f555b02a5fa53288ec1283c7d5371b41738b4a")
  }
}
