@_spi(Benchmark) import ExpandablePreviewFuzzing
import Foundation
import Testing

/// A small manifest made from a seed (items, texts, states, widths, appearances), so the merge
/// tests cover plans no one wrote by hand, the same for a seed on every machine.
struct SeededManifest {
  /// Not the system's generator, whose sequence may change.
  private var random: SplitMix64

  init(seed: UInt64) { random = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 | 1) }

  private mutating func next(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

  private static let words = [
    "alpha", "beta", "gamma", "delta", "coffee", "milk", "a", "longer", "sentence", "wraps",
    "café", "naïve", "über", "and", "then", "more", "words", "here",
  ]

  /// The manifest's JSON: 3 to 5 items of 1 to 16 words; `changed` edits the start of item 0's text
  /// (the rest as without it).
  func json(changed: Bool = false) -> String {
    var generator = self
    return generator.generate(changed: changed)
  }

  private mutating func generate(changed: Bool) -> String {
    let width = [120, 160, 200][next(3)]
    var items: [String] = []
    for index in 0..<(3 + next(3)) {
      var text = (0...next(16)).map { _ in Self.words[next(Self.words.count)] }
        .joined(separator: " ")
      if changed && index == 0 { text = "Edited first words, then " + text }
      let states = next(2) == 0 ? "collapsed" : "both"
      let dark = next(3) == 0 ? #", "variants": {"appearance": ["light", "dark"]}"# : ""
      items.append(#"{"name": "i\#(index)", "text": "\#(text)", "states": "\#(states)"\#(dark)}"#)
    }
    return """
      {"defaults": {"width": \(width), "scale": 1, "lineLimit": 2},
       "items": [\(items.joined(separator: ",\n  "))]}
      """
  }
}

extension Scratch {
  /// Runs the tool in process in this folder with an argument array.
  func run(_ arguments: [String]) throws -> CLI.Output {
    try CLI.runInProcess(arguments, in: url)
  }

  /// The files a report reader opens: the reports and the failures' images (not the tool's
  /// hidden records, which differ between a run and a merge by design).
  func reportFiles(in folder: String) throws -> [String: Data] {
    try files(in: folder).filter { !$0.key.hasPrefix(".") }
  }
}
