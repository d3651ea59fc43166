public enum PrivacyAuditPlaceholder {}
