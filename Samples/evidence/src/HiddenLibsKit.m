/* HiddenLibsKit: a vendor that compiled a listed SDK (a stand-in for nanopb's pb_encode) and a
 * class of its own with hidden visibility, so that neither is exported, beside a helper private
 * to this file that happens to share an OpenSSL function's name (SSL_CTX_new). In its object
 * file the hidden definitions are private externals (N_EXT | N_PEXT) and the helper is local;
 * linked, the hidden ones become local too but keep N_PEXT. A reader looking only for identities
 * passes over what is private to the file, so in both forms nanopb and the class are found and
 * the helper is not taken for OpenSSL. No required-reason API; no manifest. */
#include "../../sdks/src/include/sdk_decls.h"

__attribute__((visibility("hidden"))) int pb_encode(const void *stream, const void *fields, const void *source) {
  return stream && fields && source;
}

__attribute__((visibility("hidden")))
@interface HLKHiddenUploader : NSObject
+ (int)upload;
@end
@implementation HLKHiddenUploader
+ (int)upload { return 1; }
@end

__attribute__((noinline, used)) static void *SSL_CTX_new(const void *method) { return (void *)method; }

int hiddenlibs_start(const void *method) { return SSL_CTX_new(method) != 0 && pb_encode(method, method, method) && [HLKHiddenUploader upload]; }
