/// Font files the tests expect on this machine (Debian: fonts-dejavu-core, fonts-wqy-microhei,
/// fonts-noto-color-emoji).
enum InstalledFonts {
    static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let dejaVuSansBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    static let wenQuanYiMicroHei = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
}
