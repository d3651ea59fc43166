/// The app code that links the two SDKs; the sample is scanned, never built.
public enum App {}
