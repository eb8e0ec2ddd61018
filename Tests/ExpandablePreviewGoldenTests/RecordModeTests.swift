import ExpandablePreview
import ExpandablePreviewGolden
import Testing

@Suite struct RecordModeTests {
  @Test func defaultIsMissingOffCIAndNeverOnCI() throws {
    #expect(try RecordMode.resolve(environment: [:]) == .missing)
    #expect(try RecordMode.resolve(environment: ["CI": "true"]) == .never)
    #expect(try RecordMode.resolve(environment: ["CI": "1"]) == .never)
    #expect(try RecordMode.resolve(environment: ["CI": "false"]) == .missing)
  }

  @Test func environmentVariableAndFlagChooseTheMode() throws {
    let environment = [RecordMode.environmentVariable: "failed", "CI": "true"]
    #expect(try RecordMode.resolve(environment: environment) == .failed)
    #expect(try RecordMode.resolve(flag: "all", environment: environment) == .all)
    #expect(RecordMode(parsing: "Never") == .never)
    #expect(RecordMode(parsing: "sometimes") == nil)
    #expect(RecordMode.names == ["missing", "failed", "all", "never"])
  }

  @Test func unknownModesAreRejectedNamingTheirSource() {
    #expect(
      throws: ConfigurationError(
        "EXPANDABLE_PREVIEW_RECORD: unknown mode 'yes'; use missing, failed, all, never")
    ) {
      try RecordMode.resolve(environment: [RecordMode.environmentVariable: "yes"])
    }
    #expect(
      throws: ConfigurationError(
        "--record: unknown mode 'x'; use missing, failed, all, never")
    ) {
      try RecordMode.resolve(flag: "x", environment: [:])
    }
  }
}
