/* BundledLibsKit: a vendor framework that compiled five listed SDKs into its own binary, as
 * App Store Connect names it ("BundledLibsKit, which includes nanopb"). For each SDK it defines
 * every class and C symbol the catalog documents as that SDK's own (stand-ins written here, with
 * the SDKs' names and nothing of their code):
 *   FBLPromises         the class FBLPromise, FBLPromiseErrorDomain, FBLWaitForPromisesWithTimeout
 *   OneSignalExtension  the classes OneSignalExtension, OneSignalExtensionBadgeHandler,
 *                       OSRequestReceiveReceipts
 *   nanopb              pb_encode, pb_decode, pb_ostream_from_buffer, pb_istream_from_buffer
 *   OpenSSL             SSL_CTX_new, OPENSSL_init_ssl, OPENSSL_init_crypto, SSL_CTX_dane_enable
 *   BoringSSL / openssl_grpc  GRPC_SSL_CTX_new, GRPC_SSL_new, GRPC_SSL_library_init (gRPC's
 *                       pod prefixes BoringSSL's symbols with GRPC_)
 * and a class and a function of its own. The build strips its symbol table, so the framework's
 * definitions are left only in its export trie; bin/libbundledlibs.a keeps the same object with
 * its symbol table. No required-reason API; no manifest. */
#include "../../sdks/src/include/sdk_decls.h"

typedef struct { int placeholder; } bundled_stream;

/* FBLPromises */
@interface FBLPromise : NSObject
+ (int)pendingCount;
@end
@implementation FBLPromise
+ (int)pendingCount { return 0; }
@end
const void *const FBLPromiseErrorDomain = 0;
int FBLWaitForPromisesWithTimeout(double timeout) { return timeout > 0; }

/* OneSignalExtension */
@interface OneSignalExtension : NSObject
@end
@implementation OneSignalExtension
@end
@interface OneSignalExtensionBadgeHandler : NSObject
@end
@implementation OneSignalExtensionBadgeHandler
@end
@interface OSRequestReceiveReceipts : NSObject
@end
@implementation OSRequestReceiveReceipts
@end

/* nanopb */
int pb_encode(bundled_stream *stream, const void *fields, const void *source) { return stream && fields && source; }
int pb_decode(bundled_stream *stream, const void *fields, void *destination) {
  return stream && fields && destination;
}
bundled_stream pb_ostream_from_buffer(unsigned char *buffer, size_t size) {
  return (bundled_stream){(int)size + (buffer != 0)};
}
bundled_stream pb_istream_from_buffer(const unsigned char *buffer, size_t size) {
  return (bundled_stream){(int)size - (buffer != 0)};
}

/* OpenSSL */
void *SSL_CTX_new(const void *method) { return (void *)method; }
int OPENSSL_init_ssl(unsigned long long options, const void *settings) { return options != 0 || settings != 0; }
int OPENSSL_init_crypto(unsigned long long options, const void *settings) { return options == 0 && settings == 0; }
int SSL_CTX_dane_enable(void *context) { return context != 0; }

/* BoringSSL as gRPC's pod builds it */
void *GRPC_SSL_CTX_new(const void *method) { return (void *)method; }
void *GRPC_SSL_new(void *context) { return context; }
int GRPC_SSL_library_init(void) { return 1; }

/* Its own. */
@interface BLKUploader : NSObject
+ (int)upload;
@end
@implementation BLKUploader
+ (int)upload { return FBLWaitForPromisesWithTimeout(1.0); }
@end
int bundledlibs_start(void) { return [BLKUploader upload]; }
