/// Which imports and Objective-C selector references a reader keeps, for a caller that needs
/// only some of them: the scan keeps only the names its catalog can match, so an image's other
/// thousands of imports cost a lookup each instead of a copy, a de-duplication and a match.
///
/// Most names are turned away by their first bytes (`leadingBytes`) before the reader measures
/// them: such a name costs the same few loads however long it is, so it is not counted against
/// the image's name limit (`NameTable`). Every name the reader does measure counts, kept or not. The Mach-O reader honours the filter; the ELF reader keeps every import
/// (its loader-view check compares all of them).
///
/// A class protocol: the reader asks once per name, and calling through a class existential
/// borrows the filter's tables where a struct's would be copied out (and retained) per call.
package protocol ImportFilter: AnyObject, Sendable {
  /// The first bytes of every import the filter may keep: a name they turn away is one
  /// `keepsImport` would turn away. A value the reader tests in line, before measuring a name.
  var leadingBytes: LeadingBytesFilter { get }
  /// Whether the import spelled `name` (as its symbol table or bind stream spells it) is kept.
  func keepsImport(_ name: UnsafeRawBufferPointer) -> Bool
  /// Whether the selector reference `name` is kept.
  func keepsSelector(_ name: UnsafeRawBufferPointer) -> Bool
  /// Whether the string `name`, found beside a dynamic-lookup function, is kept as a lookup
  /// string (`Image.lookupStrings`): only a name the lookup could reach something with matters.
  func keepsLookupString(_ name: UnsafeRawBufferPointer) -> Bool
}
