import Foundation
import Testing

/// The DocC catalogs' articles link the repository's Documentation/ files by relative path (docc
/// cannot check those links, it only checks symbol and article links): each must resolve.
@Suite struct DocCArticleLinksTests {
  /// Every Markdown file of every `Sources/<target>/<target>.docc` catalog.
  static func articles() throws -> [URL] {
    let sources = DocumentationLinksTests.root.appendingPathComponent("Sources")
    var articles: [URL] = []
    for target in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
      let catalog = sources.appendingPathComponent(target).appendingPathComponent("\(target).docc")
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: catalog.path)
      else { continue }
      articles += names.filter { $0.hasSuffix(".md") }.sorted().map {
        catalog.appendingPathComponent($0)
      }
    }
    return articles
  }

  @Test func everyRelativeLinkOfTheCatalogsResolves() throws {
    let articles = try Self.articles()
    #expect(articles.count >= 5, "found \(articles.map(\.lastPathComponent))")
    var linkCount = 0
    for article in articles {
      linkCount +=
        MarkdownDocument(text: try String(contentsOf: article, encoding: .utf8))
        .links.count
      let problems = try DocumentationLinksTests.brokenLinks(in: article)
      #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
    #expect(linkCount >= 5, "the articles should link Documentation/; found \(linkCount) links")
  }
}
