/* MissingSliceKit: the slice that is present uses nothing privacy-relevant. */
int missingslice_version(void) { return 730; }
