public enum SimCLIPlaceholder {}
