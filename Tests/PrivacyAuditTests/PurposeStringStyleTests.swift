import AuditModel
import PrivacyAudit
import ScanFiles
import Testing

@testable import PrivacyAudit

@Suite("Purpose string style heuristics")
struct PurposeStringStyleTests {
  let key = "NSCameraUsageDescription"

  @Test(arguments: [
    "The app uses the camera to scan receipts.",
    "Your location is used to show stores near you.",
    "iPhone camera access lets you scan documents.",
    "The app records during the night to detect snoring sounds.",
  ])
  func goodStringsPass(_ text: String) {
    #expect(PurposeStringStyle.problems(in: text, key: key, isEnglish: true).isEmpty)
  }

  @Test(arguments: [
    ("   ", "is empty"),
    ("TODO", "placeholder"),
    ("$(PRODUCT_NAME) camera use.", "placeholder"),
    ("Camera usage", "placeholder"),
    ("NSCameraUsageDescription", "placeholder"),
    ("the app uses the camera to scan receipts.", "capital"),
    ("The app uses the camera to scan receipts", "period"),
    ("Turn on camera access.", "what the data is for"),
    ("Camera access is needed for a better experience.", "vague benefit"),
    ("We scan. You smile. Everyone wins. Really.", "more than 2 sentences"),
    (String(repeating: "The app uses the camera to scan receipts ", count: 6) + ".", "longer than a short sentence"),
  ])
  func badStringsAreFlagged(_ text: String, _ expected: String) {
    let problems = PurposeStringStyle.problems(in: text, key: key, isEnglish: true)
    #expect(problems.contains { $0.contains(expected) }, "\(problems)")
  }

  @Test func nonEnglishSkipsWordChecksButNotPunctuation() {
    #expect(
      PurposeStringStyle.problems(
        in: "L'app utilise l'appareil photo pour numériser vos reçus.", key: key, isEnglish: false
      ).isEmpty)
    #expect(PurposeStringStyle.problems(in: "应用使用相机扫描收据。", key: key, isEnglish: false).isEmpty)
    #expect(PurposeStringStyle.problems(in: "应用使用相机扫描收据", key: key, isEnglish: false) == ["does not end with a period"])
    #expect(
      PurposeStringStyle.problems(in: "Usamos la cámara para todo el escaneo de recibos.", key: key, isEnglish: false)
        .isEmpty)
    #expect(PurposeStringStyle.problems(in: "TODO", key: key, isEnglish: false).contains("looks like a placeholder"))
  }
}
