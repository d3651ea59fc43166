/// Path text helpers for discovery (plain string work; no file system access).
extension String {
  /// The last path component.
  var fileName: Substring {
    guard let slash = lastIndex(of: "/") else { return Substring(self) }
    return self[index(after: slash)...]
  }

  /// The extension of the last path component, without the dot; empty when it has none.
  var fileExtension: Substring {
    let name = fileName
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return name[name.index(after: dot)...]
  }

  /// The last path component without its extension.
  var fileBaseName: Substring {
    let name = fileName
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return name[..<dot]
  }

  /// `self` joined with a relative path.
  func subpath(_ component: some StringProtocol) -> String {
    hasSuffix("/") ? self + component : self + "/" + component
  }

  /// Whether this plist-supplied relative path stays inside the folder it is joined to:
  /// not empty, not absolute, no `..` component.
  var isContainedRelativePath: Bool {
    !isEmpty && !hasPrefix("/") && !split(separator: "/", omittingEmptySubsequences: false).contains("..")
  }
}

extension String {
  /// The name of the folder holding this path's last component; empty at the top.
  var parentFolderName: Substring {
    guard let slash = lastIndex(of: "/") else { return "" }
    return String(self[..<slash]).fileName
  }
}
