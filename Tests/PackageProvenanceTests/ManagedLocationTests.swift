import ScanFiles
import Testing

@testable import PackageProvenance

@Suite struct ManagedLocationTests {
  @Test(arguments: [
    ("P/.build/artifacts/id/T/X.xcframework", "P/.build", "P"),
    (".build/artifacts/id/X.xcframework", ".build", "."),
    ("/SourcePackages/artifacts/id/T/X.xcframework", "/SourcePackages", "/"),
    ("Pods/Kit/Kit.framework", "Pods", "."),
    ("A.zip!/Carthage/Build/iOS/Kit.framework", "A.zip!/Carthage/Build", "A.zip!"),
    ("Pods/Kit/Pods/Inner/Inner.framework", "Pods/Kit/Pods", "Pods/Kit"),
  ])
  func theInnermostManagerFolderIsFound(path: String, folder: String, project: String) {
    let location = ManagedLocation(targetPath: ScanPath(reportText: path))
    #expect(location?.folder.description == folder)
    #expect(location?.project.description == project)
  }

  @Test(arguments: ["Pods/Kit.framework", ".build/artifacts/id", "Carthage/Build", "Vendor/Kit.framework"])
  func aPathNoManagerPutThereHasNoLocation(path: String) {
    #expect(ManagedLocation(targetPath: ScanPath(reportText: path)) == nil)
  }
}
