/* StaticKit's second archive member (a long BSD "#1/NN" name): the file-timestamp use. */
int fstat(int fd, void *buf);

int statickit_descriptor_info(int fd, unsigned char *buffer) { return fstat(fd, buffer); }
