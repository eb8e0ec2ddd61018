import ExpandablePreview
import ExpandablePreviewEngine
import Foundation

/// "Download": the page's settings rendered as files to keep, by the job renderer `render`
/// uses: one state as PNG (`render`'s bytes), SVG or PDF, or every state in light and dark,
/// each as PNG, SVG and PDF (an animation as its APNG), with the manifest item, in a ZIP.
struct DownloadMessage: Decodable {
  var seq: Int
  var text: String
  var flags: [[String]]
  /// `png`, `svg`, `pdf` or `zip`.
  var format: String
  /// The state to draw, for `png`, `svg` and `pdf`.
  var state: String?
  /// The gallery item the page was opened from (``DownloadName``).
  var item: String?

  var flagPairs: [(name: String, value: String)] {
    flags.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
  }
}

/// The file, which the page saves under `name`.
struct DownloadedMessage: Encodable {
  var type = "download"
  var seq: Int
  var name: String
  var mime: String
  /// The file's bytes in the binary answer's payload.
  var data: BinaryPart
}

enum PlaygroundDownload {
  static func answer(_ request: DownloadMessage, with renderer: Renderer) -> SocketMessage {
    do throws {
      let (name, mime, bytes) = try file(for: request, with: renderer)
      var payload = BinaryPayload()
      let data = payload.append(bytes)
      return BinaryAnswer.message(
        header: DownloadedMessage(seq: request.seq, name: name, mime: mime, data: data),
        payload: payload)
    } catch {
      return .text(MessageJSON.text(ProblemMessage(seq: -1, message: "Download: \(error)")))
    }
  }

  private static func file(for request: DownloadMessage, with renderer: Renderer)
    throws -> (name: String, mime: String, bytes: Data)
  {
    func name(of preview: ItemPreview) -> DownloadName {
      DownloadName(
        item: request.item, text: request.text, flags: request.flagPairs,
        options: preview.options)
    }
    switch request.format {
    case "svg", "pdf":
      let preview = try ItemPreview(
        text: request.text, flags: request.flagPairs, formats: [request.format])
      guard let index = preview.stateNames.firstIndex(where: { $0 == request.state }) else {
        throw DownloadProblem("no state '\(request.state ?? "")' to draw")
      }
      let files = try files(of: preview, state: index, with: renderer)
      guard let drawn = files.first(where: { $0.file.hasSuffix("." + request.format) }) else {
        throw DownloadProblem(
          "\(request.state ?? "") is an animation: it downloads as its animated PNG only")
      }
      let mime = request.format == "svg" ? "image/svg+xml" : "application/pdf"
      let file = name(of: preview).file(
        state: preview.stateNames[index], fileExtension: request.format)
      return (file, mime, drawn.bytes)
    case "png":
      // `render`'s bytes: the live preview draws a still from its pixels, not from a PNG.
      let preview = try ItemPreview(text: request.text, flags: request.flagPairs)
      guard let index = preview.stateNames.firstIndex(where: { $0 == request.state }) else {
        throw DownloadProblem("no state '\(request.state ?? "")' to draw")
      }
      let drawn = try files(of: preview, state: index, with: renderer)[0]
      let file = name(of: preview).file(state: preview.stateNames[index], fileExtension: "png")
      return (file, "image/png", drawn.bytes)
    case "zip":
      let preview = try ItemPreview(text: request.text, flags: request.flagPairs)
      return (name(of: preview).zip, "application/zip", try zip(request, with: renderer))
    default:
      throw DownloadProblem("no download format '\(request.format)'")
    }
  }

  /// `item.json` (the copy's item), then `light/…` and `dark/…`: every state's files.
  private static func zip(_ request: DownloadMessage, with renderer: Renderer)
    throws -> Data
  {
    var archive = StoredZip()
    let own = try ItemPreview(text: request.text, flags: request.flagPairs)
    archive.add("item.json", Data((own.itemJSON + "\n").utf8))
    for appearance in Appearance.allCases {
      let flags =
        request.flagPairs.filter { $0.name != "--appearance" } + [
          ("--appearance", appearance.rawValue)
        ]
      // Vectors draw stills only: an item of animations alone downloads its APNGs.
      let withVectors = try? ItemPreview(
        text: request.text, flags: flags, formats: ["png", "svg", "pdf"])
      let preview = try withVectors ?? ItemPreview(text: request.text, flags: flags)
      for index in preview.stateNames.indices {
        for file in try files(of: preview, state: index, with: renderer) {
          archive.add("\(appearance.rawValue)/\(file.file)", file.bytes)
        }
      }
    }
    return archive.data
  }

  private static func files(of preview: ItemPreview, state index: Int, with renderer: Renderer)
    throws -> [(file: String, bytes: Data)]
  {
    do { return try preview.files(state: index, with: renderer) } catch {
      throw DownloadProblem("\(preview.stateNames[index]): \(error)")
    }
  }
}

/// Why a download cannot be made, in the page's words.
private struct DownloadProblem: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
