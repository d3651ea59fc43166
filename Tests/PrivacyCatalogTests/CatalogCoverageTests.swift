import BinaryImage
import PrivacyCatalog
import Testing

/// The catalog covers every API on Apple's lists, and every spelling it has is actually found.
@Suite struct CatalogCoverageTests {
  let catalog: Catalog

  init() throws {
    catalog = try Catalog.builtIn()
  }

  /// Apple's lists from the fact sheet when present, else the committed copy.
  private var appleLists: [String: [String]] {
    FactSheet.appleLists() ?? AppleAPIList.byCategory
  }

  @Test(.enabled(if: FactSheet.appleLists() != nil, "fact sheet not found at ../shared/reference/privacy-facts.md"))
  func factSheetListsMatchTheCommittedCopy() {
    #expect(FactSheet.appleLists() == AppleAPIList.byCategory)
  }

  @Test func everyAppleAPIHasABinarySpellingInItsCategory() {
    let lists = appleLists
    #expect(lists.count == 5)
    for (category, names) in lists {
      for name in names {
        let entry = catalog.apis.first { $0.name == name && $0.categories.contains(category) }
        #expect(entry != nil, "\(name) is missing from \(category)")
        #expect(entry?.advisory == false, "\(name) is marked advisory")
        let counted = entry?.spellings.filter { !$0.advisory } ?? []
        #expect(!counted.isEmpty, "\(name) has no binary spelling that counts")
        // Apple's rules apply to Apple platforms: each API must be recognisable in a Mach-O image.
        #expect(counted.contains { $0.format != .elf }, "\(name) has no Mach-O spelling")
      }
    }
  }

  @Test func everyNonAdvisoryAPIIsOnApplesList() {
    let lists = appleLists
    for api in catalog.apis where !api.advisory {
      for category in api.categories {
        #expect(lists[category]?.contains(api.name) == true, "\(api.name) in \(category) is not an Apple-listed API")
      }
    }
  }

  /// Puts each spelling into an image of its format the way a binary would carry it and checks
  /// the matcher reports its API in all its categories (or, if advisory, only when asked).
  @Test func everySpellingIsFoundInAnImageOfItsFormat() {
    let strict = CatalogMatcher(catalog: catalog)
    let everything = CatalogMatcher(catalog: catalog, includeAdvisory: true)
    for api in catalog.apis {
      for spelling in api.spellings {
        let advisory = api.advisory || spelling.advisory
        for format in spelling.format.map({ [$0] }) ?? BinaryFormat.allCases {
          let image = Self.image(carrying: spelling, format: format, with: spelling.onlyWith.first)
          let found = everything.matches(in: image).filter {
            $0.apiID == api.id && !spelling.onlyWith.contains($0.symbol)
          }
          #expect(found.first?.categories == api.categories, "\(spelling.name) (\(format)) not found for \(api.id)")
          #expect(found.allSatisfy { $0.isAdvisory == advisory })
          #expect(strict.matches(in: image).contains { $0.apiID == api.id } == !advisory, "\(spelling.name)")
        }
      }
    }
  }

  /// The same for resource evidence: with its `onlyWith` class present, each item is reported
  /// for its resource with its strength.
  @Test func everyResourceEvidenceIsFoundInAnImageOfItsFormat() {
    let matcher = CatalogMatcher(catalog: catalog)
    for resource in catalog.resources {
      for evidence in resource.evidence {
        for format in evidence.spelling.format.map({ [$0] }) ?? BinaryFormat.allCases {
          let image = Self.image(carrying: evidence.spelling, format: format, with: evidence.onlyWith.first)
          let subjects = matcher.matches(in: image).map(\.subject)
          #expect(
            subjects.contains(.protectedResource(id: resource.id, strength: evidence.strength)),
            "\(evidence.spelling.name) (\(format)) not found for \(resource.id)")
        }
      }
    }
  }

  /// An image of `format` carrying `spelling` as a binary would, and importing `condition` (the
  /// spelling's class) when given.
  static func image(carrying spelling: Spelling, format: BinaryFormat, with condition: String? = nil) -> Image {
    let imageFormat: Image.Format = format == .elf ? .elf : .machO
    let conditions = condition.map { [$0] } ?? []
    switch spelling.kind {
    case .selector: return SyntheticImage.with(format: imageFormat, imports: conditions, selectors: [spelling.name])
    case .swiftPrefix:
      let underscore = format == .machO ? "_" : ""
      return SyntheticImage.with(format: imageFormat, imports: conditions + [underscore + spelling.name + "Sgvg"])
    case .cFunction, .objcConstant, .objcClass:
      return SyntheticImage.with(format: imageFormat, imports: conditions + [spelling.name])
    }
  }
}
