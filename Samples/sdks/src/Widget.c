/* Widget.appex: a small app extension executable with no privacy-relevant imports. */
int puts(const char *text);

int main(void) { return puts("widget"); }
