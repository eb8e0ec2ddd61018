import ExpandablePreviewEngine
import Testing

/// A golden store's URL is checked by the shared cache's rules, and a refusal names the setting
/// the user gave (the flag, or the test library's variable), never `--cache`.
@Suite struct GoldenStoreSettingTests {
  @Test(arguments: [nil, "EXPANDABLE_PREVIEW_GOLDEN_STORE"])
  func aRefusedURLNamesTheSettingGiven(_ setting: String?) throws {
    let error = #expect(throws: EngineError.self) {
      if let setting {
        _ = try GoldenStoreSetting.blobs(
          flag: nil, environment: [setting: "http://store.example/ep?x=1"], setting: setting)
      } else {
        _ = try GoldenStoreSetting.blobs(flag: "http://store.example/ep?x=1", environment: [:])
      }
    }
    #expect(
      error?.description
        == "\(setting ?? "--golden-store"): the URL may not have a query or a fragment")
  }
}
