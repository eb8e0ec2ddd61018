/// The fontconfig rules of the pinned configuration, parsed from memory
/// (`FcConfigParseAndLoadFromMemory`), so no rule file of the machine takes part:
///
/// - Color bitmap fonts (Noto Color Emoji's 109 px strikes) are scaled to the size asked for,
///   as Debian's `10-scale-bitmap-fonts.conf` does; without it emoji draw at strike size.
/// - Generic names map into the set: `emoji` (the family Pango asks for on emoji runs) to Noto
///   Color Emoji, `sans-serif` and `system-ui` to Inter, `serif` to DejaVu Serif, `monospace`
///   to DejaVu Sans Mono.
enum PinnedRules {
  static let xml = """
    <?xml version="1.0"?>
    <fontconfig>
      <match target="font">
        <test name="outline" compare="eq"><bool>false</bool></test>
        <edit name="pixelsizefixupfactor" mode="assign">
          <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
        </edit>
      </match>
      <match target="font">
        <test name="outline" compare="eq"><bool>false</bool></test>
        <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
        <edit name="matrix" mode="assign">
          <times>
            <name>matrix</name>
            <matrix>
              <name>pixelsizefixupfactor</name><double>0</double>
              <double>0</double><name>pixelsizefixupfactor</name>
            </matrix>
          </times>
        </edit>
        <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
      </match>
      \(alias("emoji", "Noto Color Emoji"))
      \(alias("sans-serif", "Inter"))
      \(alias("sans", "Inter"))
      \(alias("system-ui", "Inter"))
      \(alias("serif", "DejaVu Serif"))
      \(alias("monospace", "DejaVu Sans Mono"))
      \(alias("mono", "DejaVu Sans Mono"))
    </fontconfig>
    """

  private static func alias(_ generic: String, _ family: String) -> String {
    "<alias binding=\"same\"><family>\(generic)</family><prefer><family>\(family)</family></prefer></alias>"
  }
}
