import Foundation
import Testing

@testable import ExpandablePreviewWorkbench

/// The pages are the package's resources, each the shared frame around its own `<main>`.
@Suite struct PageFilesTests {
  static func html(_ pages: PageFiles, _ name: String) throws -> String {
    String(decoding: try #require(pages.response(for: name)).body, as: UTF8.self)
  }

  @Test func everyPageIsTheSharedFrameWithItsTitleScriptAndMainAndEveryAddressCarriesTheToken()
    throws
  {
    let pages = try PageFiles(servesGallery: true, servesReview: true, token: "t0ken")
    let all = [PageFiles.playground, PageFiles.gallery, PageFiles.review]
    for page in all {
      let html = try Self.html(pages, page.main)
      #expect(html.hasPrefix("<!doctype html>"))
      #expect(html.components(separatedBy: "<head>").count == 2)
      #expect(html.contains("<title>ExpandablePreview · \(page.title)</title>"))
      #expect(html.contains("<script src=\"/assets/\(page.script)?token=t0ken\" defer></script>"))
      #expect(html.contains("<link rel=\"stylesheet\" href=\"/assets/workbench.css?token=t0ken\">"))
      // Its own class first (a page of two columns adds `columns`).
      #expect(html.contains("<main class=\"\(page.title.lowercased())"))
      #expect(!html.contains("{{"), "every placeholder is filled")
      #expect(html.contains("role=\"status\">\(page.status)</div>"))
      for style in page.styles {
        #expect(html.contains("<link rel=\"stylesheet\" href=\"/assets/\(style)?token=t0ken\">"))
      }
      // Each page links the others served, not itself.
      for other in all where other.path != page.path {
        #expect(html.contains("<a href=\"\(other.path)?token=t0ken\">\(other.title)</a>"))
      }
      #expect(!html.contains("<a href=\"\(page.path)?"))
    }
    for asset in PageFiles.assets { #expect(pages.response(for: asset) != nil) }
  }

  @Test func withoutAManifestThereIsNoGalleryPageNorLinkToIt() throws {
    let pages = try PageFiles(servesGallery: false, token: "t0ken")
    #expect(pages.response(for: "gallery.html") == nil)
    #expect(pages.response(for: "review.html") == nil)
    #expect(!(try Self.html(pages, "playground.html")).contains("<nav>"))
  }
}
