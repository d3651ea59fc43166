public enum AuditReportsPlaceholder {}
