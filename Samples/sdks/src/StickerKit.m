/* StickerKit: a vendor framework that compiled OneSignalOutcomes into its own binary, as App Store
 * Connect reported for Stipop ("Frameworks/Stipop.framework/Stipop, which includes
 * OneSignalOutcomes"). It DEFINES every class the catalog documents as OneSignalOutcomes' own
 * (OSIndirectInfluence, OSInfluence, OSOutcomeEvent, OSSessionManager, read from its headers) and a
 * class of its own: StickerKit includes OneSignalOutcomes, an error without that SDK's manifest.
 * Classes are our own stand-ins; no manifest, no required-reason API. */
#include "include/sdk_decls.h"

@interface OSInfluence : NSObject
@end
@implementation OSInfluence
@end

@interface OSIndirectInfluence : NSObject
@end
@implementation OSIndirectInfluence
@end

@interface OSOutcomeEvent : NSObject
@end
@implementation OSOutcomeEvent
@end

@interface OSSessionManager : NSObject
@end
@implementation OSSessionManager
@end

@interface STKStickerView : NSObject
@end
@implementation STKStickerView
@end
