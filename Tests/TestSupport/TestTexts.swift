import ExpandablePreview
import Foundation

/// The texts the reference designs and the examples use.
package enum TestTexts {
  package static let japanese =
    "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。吾輩はここで始めて人間というものを見た。"
  package static let developer =
    "Being a top 1% developer isn’t just about mastering Swift, SwiftUI, and Xcode. It’s also about having a solid grasp of various languages, allowing you to blend them together to streamline your iOS project development."
  package static let lorem = String(
    repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. ",
    count: 12)
  package static let arabic =
    "هذا نص عربي طويل بما يكفي ليلتف على عدة أسطر في المكون القابل للتوسيع، حتى نرى أين يظهر الزر وكيف يتلاشى السطر الأخير من اليمين إلى اليسار كما ينبغي في التصميم."
  package static let hebrew =
    "זהו טקסט עברי ארוך מספיק כדי להתפרס על פני כמה שורות ברכיב הניתן להרחבה, כדי שנראה היכן מופיע הכפתור ואיך השורה האחרונה דוהה מימין לשמאל."
}

/// A renderer for the calling test (Pango font maps are per thread).
package func render(
  _ component: ExpandableText, _ options: RenderOptions = RenderOptions(width: 327)
)
  throws -> RenderResult
{
  try Renderer().render(component, options: options)
}

/// Font files the tests pin.
package enum TestFonts {
  package static let dejaVuSans = URL(
    fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
}
