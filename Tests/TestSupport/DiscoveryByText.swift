public import ScanFiles
public import TargetDiscovery

extension TargetDiscovery {
  /// Discovery over paths written as text, as a test names its temporary files.
  public func discover(_ paths: [String]) -> DiscoveryResult {
    discover(paths.map { ScanPath($0) })
  }

  /// Discovery over paths written as text, telling `binaryFound` each binary's path.
  public func discover(_ paths: [String], binaryFound: (ScanPath) -> Void) -> DiscoveryResult {
    discover(paths.map { ScanPath($0) }, binaryFound: binaryFound)
  }
}
