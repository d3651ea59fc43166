/* MergedDBKit: a vendor framework that linked FMDB statically into its own binary. It defines
 * every class FMDB's public headers declare (FMDatabase, FMDatabasePool, FMDatabaseQueue,
 * FMResultSet), which the catalog documents as FMDB's own: that identifies FMDB, so the missing
 * manifest is an error (ITMS-91061), not a "may include" warning. It has no privacy manifest
 * and uses no required-reason API. Classes and functions are our own stand-ins. */
#include "include/sdk_decls.h"

@interface FMDatabase : NSObject
+ (id)databaseWithPath:(id)path;
@end
@implementation FMDatabase
+ (id)databaseWithPath:(id)path { (void)path; return 0; }
@end

@interface FMDatabasePool : NSObject
@end
@implementation FMDatabasePool
@end

@interface FMDatabaseQueue : NSObject
@end
@implementation FMDatabaseQueue
@end

@interface FMResultSet : NSObject
@end
@implementation FMResultSet
@end

@interface MDKStore : NSObject
+ (id)open;
@end
@implementation MDKStore
+ (id)open { return [FMDatabase databaseWithPath:0]; }
@end
