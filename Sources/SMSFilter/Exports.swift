// `import SMSFilter` is all a library client needs: the IdentityLookup model and the sender
// directory and the learned model are part of the engine's API (a `Decision`, a `Classifier` built
// with directories and a model).
@_exported import SMSFilterDirectory
@_exported import SMSFilterLearning
@_exported import SMSFilterModel
