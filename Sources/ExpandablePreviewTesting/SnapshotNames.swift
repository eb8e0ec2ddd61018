import ExpandablePreview
import ExpandablePreviewSupport
import Foundation

#if canImport(Testing)
  import Testing
#endif

/// The goldens this process has checked, with the test case and image of the first check, so a
/// name that two cases of a parameterized Swift Testing test give different images is said as
/// such, instead of failing as a size change against a sibling case's golden or overwriting it
/// in a record mode. One case checking a name again (before and after a change) is fine.
enum SnapshotNames {
  private struct Claim {
    let testCase: String
    let image: Int
  }

  private static let claims = Locked<[String: Claim]>([:])

  /// Claims `golden` for a render whose pixels hash to `image` in the current test case; false
  /// when another case of this process already checked it against a different render. Outside a Swift Testing test case
  /// (XCTest, a loop in one case) nothing can tell the cases apart, and every claim succeeds.
  static func claim(_ golden: URL, for image: Int) -> Bool {
    guard let testCase = currentTestCase else { return true }
    let key = golden.standardizedFileURL.path
    let claim = Claim(testCase: testCase, image: image)
    return claims.withLock { claims in
      guard let earlier = claims[key] else {
        claims[key] = claim
        return true
      }
      return earlier.testCase == claim.testCase || earlier.image == claim.image
    }
  }

  /// The running Swift Testing test case, by its test's and its own identity.
  private static var currentTestCase: String? {
    #if canImport(Testing)
      guard let test = Test.current, let testCase = Test.Case.current else { return nil }
      // Test.Case has no public identity; its description holds its arguments, which tell the
      // cases of one test apart.
      return "\(test.id) \(String(describing: testCase))"
    #else
      return nil
    #endif
  }
}
