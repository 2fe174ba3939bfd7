// `import SMSFilter` is all a library client needs: the IdentityLookup model and the sender
// directory are part of the engine's API (a `Decision`, a `Classifier` built with directories).
@_exported import SMSFilterDirectory
@_exported import SMSFilterModel
