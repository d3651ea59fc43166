/// Where a value sits in its document, written `$.targets[3].findings` when an error names it.
///
/// Each step is recorded as it is walked and the text built only when asked for, so walking a
/// large document costs no string per value.
package indirect enum JSONPath: Sendable, CustomStringConvertible {
  /// The document's value, `$`.
  case root
  /// The member `key` of the object at the parent path.
  case member(JSONPath, String)
  /// The element at `index` of the array at the parent path.
  case element(JSONPath, Int)

  /// `$`, then `.key` for each member and `[index]` for each element.
  package var description: String {
    var steps: [String] = []
    var path = self
    while true {
      switch path {
      case .root: return "$" + steps.reversed().joined()
      case .member(let parent, let key):
        steps.append("." + key)
        path = parent
      case .element(let parent, let index):
        steps.append("[\(index)]")
        path = parent
      }
    }
  }
}
