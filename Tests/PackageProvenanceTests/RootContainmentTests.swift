import Testing

@testable import PackageProvenance

@Suite struct RootContainmentTests {
  @Test(arguments: [
    ("App/Pods/Kit", "App", true),
    ("App", "App", true),
    ("Apple/Pods/Kit", "App", false),
    ("App.zip!/Pods/Kit", "App.zip", true),
    ("App.zip!", "App.zip", true),
    ("App.zipped/Pods", "App.zip", false),
    ("/anything", "/", true),
    ("./Podfile.lock", "Pods", false),
  ])
  func aPathIsInsideItsFolderOrArchive(path: String, folder: String, inside: Bool) {
    #expect(StateFileReader.path(path, isInside: folder) == inside)
  }

  @Test(arguments: [
    ("P/.build/artifacts/id/T/X.xcframework", "P/.build", "P"),
    (".build/artifacts/id/X.xcframework", ".build", "."),
    ("/SourcePackages/artifacts/id/T/X.xcframework", "/SourcePackages", "/"),
    ("Pods/Kit/Kit.framework", "Pods", "."),
    ("A.zip!/Carthage/Build/iOS/Kit.framework", "A.zip!/Carthage/Build", "A.zip!"),
    ("Pods/Kit/Pods/Inner/Inner.framework", "Pods/Kit/Pods", "Pods/Kit"),
  ])
  func theInnermostManagerFolderIsFound(path: String, folder: String, project: String) {
    let location = ManagedLocation(targetPath: path)
    #expect(location?.folder == folder)
    #expect(location?.project == project)
  }

  @Test(arguments: ["Pods/Kit.framework", ".build/artifacts/id", "Carthage/Build", "Vendor/Kit.framework"])
  func aPathNoManagerPutThereHasNoLocation(path: String) {
    #expect(ManagedLocation(targetPath: path) == nil)
  }
}
