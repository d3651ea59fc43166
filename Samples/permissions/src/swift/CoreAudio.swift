// Core Audio's Swift process-tap declaration as Apple documents it (AudioHardwareSystem,
// makeProcessTap(description:), macOS 15), to derive its mangled name with swiftc: only the names
// matter. The USR on Apple's page of makeProcessTap(description:) is
// s:9CoreAudio0B14HardwareSystemC14makeProcessTap11descriptionAA0bcG0CSgSo16CATapDescriptionC_tKF.
@_exported import CATapDescriptionShim

public class AudioHardwareTap {}
public class AudioHardwareSystem {
  public func makeProcessTap(description: CATapDescription) throws -> AudioHardwareTap? { nil }
}
