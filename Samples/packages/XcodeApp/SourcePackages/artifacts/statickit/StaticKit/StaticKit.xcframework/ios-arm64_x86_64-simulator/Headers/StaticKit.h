/* StaticKit public header. */
double statickit_uptime(void);
int statickit_descriptor_info(int fd, unsigned char *buffer);
