import Testing

@testable import ExpandablePreviewCLI
@testable import ExpandablePreviewEngine

/// The command-line reader, in process: values, lists and conversion errors naming the flag.
@Suite struct ArgumentReaderTests {
  @Test func readsAValueAndAListUpToTheNextOption() throws {
    var reader = ArgumentReader(["--out", "x", "--only", "a", "b", "--quiet"])
    #expect(reader.next() == "--out")
    #expect(try reader.value(for: "--out") == "x")
    #expect(reader.next() == "--only")
    #expect(try reader.values(for: "--only") == ["a", "b"])
    #expect(reader.next() == "--quiet")
    #expect(reader.isEmpty)
  }

  @Test func aMissingValueNamesTheFlag() {
    var reader = ArgumentReader([String]())
    #expect(throws: UsageError.self) { try reader.value(for: "--out") }
    do {
      _ = try reader.value(for: "--out")
    } catch {
      #expect(error.description == "--out needs a value")
    }
  }

  @Test func aValueThatDoesNotConvertNamesTheFlagAndTheValue() {
    var reader = ArgumentReader(["zero"])
    do {
      _ = try reader.jobs(for: "--jobs")
      Issue.record("expected an error")
    } catch {
      #expect(error.description.hasPrefix("--jobs expects a whole number"))
      #expect(error.description.hasSuffix("got 'zero'"))
    }
  }

  @Test func anEmptyListIsAnError() {
    var reader = ArgumentReader(["--quiet"])
    #expect(throws: UsageError.self) { try reader.values(for: "--only") }
  }
}
