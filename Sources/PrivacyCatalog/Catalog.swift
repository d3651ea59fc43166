public enum PrivacyCatalogPlaceholder {}
