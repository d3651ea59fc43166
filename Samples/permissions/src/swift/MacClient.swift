// What a Swift caller of Core Audio's process tap imports: build.sh compiles this against the
// module of CoreAudio.swift (library evolution, as Apple builds it) and requires every Swift name
// AllKeysMacKit.m binds to be among its imports (llvm-nm -u).
import CoreAudio

public func tapSystemAudio(_ system: AudioHardwareSystem, _ description: CATapDescription) throws {
  _ = try system.makeProcessTap(description: description)
}
