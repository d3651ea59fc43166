/* CATapDescription, the Objective-C class CoreAudio.swift's declaration takes: only its name
 * matters (a Swift name spells an imported class as So16CATapDescriptionC). */
__attribute__((objc_root_class)) @interface CATapDescription
@end
