import Foundation

/// The fonts every renderer draws with unless told otherwise: named files of Debian packages
/// that `Scripts/setup.sh` installs. The italics are there for Markdown's emphasis, which draws
/// the face's real italic as iOS does.
package enum StandardFonts {
  /// One file of the set and the Debian package that installs it.
  package struct File: Sendable, Hashable {
    package let path: String
    package let package: String
    package var name: String { URL(fileURLWithPath: path).lastPathComponent }
  }

  static let interWeights = [
    "Thin", "ExtraLight", "Light", "Regular", "Medium", "SemiBold", "Bold", "ExtraBold", "Black",
  ]

  /// Every file of the set, in the order fontconfig is given them.
  package static let files: [File] = {
    func files(_ package: String, _ folder: String, _ names: [String]) -> [File] {
      names.map { File(path: "/usr/share/fonts/\(folder)/\($0)", package: package) }
    }
    return files(
      "fonts-inter", "opentype/inter",
      ["Inter", "InterDisplay"].flatMap { face in
        // The italics too: Markdown's emphasis asks for the face's real italic.
        interWeights.flatMap {
          ["\(face)-\($0).otf", "\(face)-\($0 == "Regular" ? "" : $0)Italic.otf"]
        }
      })
      + files(
        "fonts-noto-core", "truetype/noto",
        ["Arabic", "Hebrew", "Thai", "Devanagari"].flatMap {
          ["NotoSans\($0)-Regular.ttf", "NotoSans\($0)-Bold.ttf"]
        })
      + files(
        "fonts-noto-ui-core", "truetype/noto",
        ["Arabic", "Thai", "Devanagari"].flatMap {
          ["NotoSans\($0)UI-Regular.ttf", "NotoSans\($0)UI-Bold.ttf"]
        })
      + files(
        "fonts-noto-cjk", "opentype/noto",
        [
          "NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc", "NotoSerifCJK-Regular.ttc",
          "NotoSerifCJK-Bold.ttc",
        ])
      + files("fonts-noto-color-emoji", "truetype/noto", ["NotoColorEmoji.ttf"])
      + files(
        "fonts-dejavu-core", "truetype/dejavu",
        [
          "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf",
          "DejaVuSans-BoldOblique.ttf", "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf",
          "DejaVuSerif-Italic.ttf", "DejaVuSerif-BoldItalic.ttf", "DejaVuSansMono.ttf",
          "DejaVuSansMono-Bold.ttf", "DejaVuSansMono-Oblique.ttf", "DejaVuSansMono-BoldOblique.ttf",
        ])
      + files(
        "fonts-liberation", "truetype/liberation",
        ["Sans", "Serif", "Mono"].flatMap {
          [
            "Liberation\($0)-Regular.ttf", "Liberation\($0)-Bold.ttf", "Liberation\($0)-Italic.ttf",
            "Liberation\($0)-BoldItalic.ttf",
          ]
        })
  }()

  /// The Debian packages of the set, sorted.
  package static var packages: [String] { Set(files.map(\.package)).sorted() }

  /// The Debian package that installs the standard file named `fileName`, if one does.
  package static func package(ofFileNamed fileName: String) -> String? {
    files.first { $0.name == fileName }?.package
  }

  /// The files of the set this machine lacks.
  package static var missing: [File] {
    files.filter { !FileManager.default.fileExists(atPath: $0.path) }
  }
}
