import Dispatch
import ScanFiles

/// An xcframework's signature read on another thread while the walk goes on. Its seal check
/// parses a `CodeResources` of thousands of keys, the largest piece of discovery's own work on
/// a signed xcframework, and the thread that walks is the one that hands every binary it finds
/// to the readers: the walk goes on to the next xcframework instead of waiting.
///
/// Only a bundle outside an archive is read this way (archive entries are read in the walk's
/// order, as the archive's stream expects), as only such binaries are read during the walk.
final class SignatureReading: @unchecked Sendable {
  private let group = DispatchGroup()
  /// Written once on the worker; read only after `group` is done, which orders the two.
  private var signature: BundleSignature

  /// Starts reading the signature of the bundle at `path` on a worker.
  init(bundle path: ScanPath, readSignature: @escaping @Sendable () -> BundleSignature) {
    signature = BundleSignature(bundle: path, state: .unreadable("not read"))
    DispatchQueue.global().async(group: group) { [self] in
      signature = readSignature()
    }
  }

  /// The signature, once read (waiting for it).
  var result: BundleSignature {
    group.wait()
    return signature
  }
}
