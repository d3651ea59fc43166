/// Finds the package's `Samples/` folder from a test's source location.
package enum SampleLocator {
  /// The package root, found from this file's compile-time path.
  package static let packageRoot: String = {
    var path = #filePath
    for _ in 0..<3 {  // Tests/TestSupport/SampleLocator.swift → package root
      if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) }
    }
    return path
  }()

  /// The absolute path of `relative` under `Samples/`.
  package static func sample(_ relative: String) -> String {
    packageRoot + "/Samples/" + relative
  }
}
