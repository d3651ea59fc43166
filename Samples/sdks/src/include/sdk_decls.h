/* Minimal declarations for building the sdkvet sample SDKs without an Apple SDK.
 * Only the names matter: the samples are linked, never run. */
#ifndef SDKVET_SAMPLE_DECLS_H
#define SDKVET_SAMPLE_DECLS_H

typedef unsigned long size_t;

int stat(const char *path, void *buf);
int fstat(int fd, void *buf);
int statfs(const char *path, void *buf);
unsigned long long mach_absolute_time(void);
int puts(const char *text);
size_t strlen(const char *text);

/* Foundation's Swift overlay getter, imported under its mangled name. */
void swift_URLResourceValues_volumeAvailableCapacity(void *result, void *values)
    __asm__("_$s10Foundation17URLResourceValuesV23volumeAvailableCapacitySiSgvg");

#ifdef __OBJC__
__attribute__((objc_root_class)) @interface NSObject
+ (id)alloc;
- (id)init;
@end

@interface NSProcessInfo : NSObject
+ (NSProcessInfo *)processInfo;
- (double)systemUptime;
@end

@interface NSUserDefaults : NSObject
+ (NSUserDefaults *)standardUserDefaults;
- (id)objectForKey:(id)key;
- (void)setObject:(id)value forKey:(id)key;
@end

@interface UITextInputMode : NSObject
+ (id)activeInputModes;
@end

@interface AVCaptureDevice : NSObject
+ (void)requestAccessForMediaType:(id)mediaType completionHandler:(void (^)(int granted))handler;
@end

@interface AVAudioSession : NSObject
+ (AVAudioSession *)sharedInstance;
- (void)requestRecordPermission:(void (^)(int granted))response;
@end

@interface CLLocationManager : NSObject
- (void)requestWhenInUseAuthorization;
@end

@interface ASIdentifierManager : NSObject
+ (ASIdentifierManager *)sharedManager;
- (id)advertisingIdentifier;
@end

@interface ATTrackingManager : NSObject
+ (void)requestTrackingAuthorizationWithCompletionHandler:(void (^)(unsigned long status))handler;
@end

extern id AVMediaTypeVideo;
#endif

#endif
