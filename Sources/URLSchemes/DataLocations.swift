/// Where a managed app may save org data: the SDK's `IntuneMAMSaveLocation` (notes §2), named in kebab-case for
/// the command line.
public enum IntuneMAMSaveLocation: String, CaseIterable, Sendable, Hashable {
  /// `IntuneMAMSaveLocationOther` (0): any location the other cases do not name, e.g. OneDrive personal.
  case other
  /// `IntuneMAMSaveLocationOneDriveForBusiness` (1 << 0).
  case oneDriveForBusiness = "onedrive-for-business"
  /// `IntuneMAMSaveLocationSharePoint` (1 << 1).
  case sharePoint = "sharepoint"
  /// `IntuneMAMSaveLocationBox` (1 << 2).
  case box
  /// `IntuneMAMSaveLocationDropbox` (1 << 3).
  case dropbox
  /// `IntuneMAMSaveLocationGoogleDrive` (1 << 4).
  case googleDrive = "google-drive"
  /// `IntuneMAMSaveLocationLocalDrive` (1 << 5).
  case localDrive = "local-drive"
  /// `IntuneMAMSaveLocationCameraRoll` (1 << 6).
  case cameraRoll = "camera-roll"
  /// `IntuneMAMSaveLocationAccountDocument` (1 << 7).
  case accountDocument = "account-document"
  /// `IntuneMAMSaveLocationIManage` (1 << 8).
  case iManage = "imanage"
  /// `IntuneMAMSaveLocationEgnyte` (1 << 9).
  case egnyte

  /// The SDK's numeric value of the case.
  public var sdkValue: Int {
    switch self {
    case .other: return 0
    case .oneDriveForBusiness: return 1 << 0
    case .sharePoint: return 1 << 1
    case .box: return 1 << 2
    case .dropbox: return 1 << 3
    case .googleDrive: return 1 << 4
    case .localDrive: return 1 << 5
    case .cameraRoll: return 1 << 6
    case .accountDocument: return 1 << 7
    case .iManage: return 1 << 8
    case .egnyte: return 1 << 9
    }
  }

  /// The Graph `managedAppDataStorageLocation` value that allows this location, or nil when Graph has none
  /// (such a location is allowed only while saving is unrestricted). `oneDriveForBusiness`, `sharePoint`, `box`
  /// and `localStorage` are Graph v1.0 values; `photoLibrary`, `iManage` and `egnyte` follow the portal's
  /// choices and are our reading.
  public var graphStorageLocation: String? {
    switch self {
    case .oneDriveForBusiness: return "oneDriveForBusiness"
    case .sharePoint: return "sharePoint"
    case .box: return "box"
    case .localDrive: return "localStorage"
    case .cameraRoll: return "photoLibrary"
    case .iManage: return "iManage"
    case .egnyte: return "egnyte"
    case .other, .dropbox, .googleDrive, .accountDocument: return nil
    }
  }

  /// The locations a Graph `allowedDataStorageLocations` value allows (compared case-insensitively).
  public static func locations(forGraphValue value: String) -> [IntuneMAMSaveLocation] {
    let wanted = value.lowercased()
    return allCases.filter { $0.graphStorageLocation?.lowercased() == wanted }
  }
}

/// Where a managed app may open data from into org documents: the SDK's `IntuneMAMOpenLocation` (notes §2),
/// named in kebab-case for the command line.
public enum IntuneMAMOpenLocation: String, CaseIterable, Sendable, Hashable {
  /// `IntuneMAMOpenLocationOther` (0).
  case other
  /// `IntuneMAMOpenLocationOneDriveForBusiness` (1 << 0).
  case oneDriveForBusiness = "onedrive-for-business"
  /// `IntuneMAMOpenLocationSharePoint` (1 << 1).
  case sharePoint = "sharepoint"
  /// `IntuneMAMOpenLocationCamera` (1 << 2).
  case camera
  /// `IntuneMAMOpenLocationLocalStorage` (1 << 3).
  case localStorage = "local-storage"
  /// `IntuneMAMOpenLocationPhotos` (1 << 4).
  case photos
  /// `IntuneMAMOpenLocationAccountDocument` (1 << 5).
  case accountDocument = "account-document"
  /// `IntuneMAMOpenLocationBox` (1 << 6).
  case box
  /// `IntuneMAMOpenLocationIManage` (1 << 7).
  case iManage = "imanage"
  /// `IntuneMAMOpenLocationEgnyte` (1 << 8).
  case egnyte

  /// The SDK's numeric value of the case.
  public var sdkValue: Int {
    switch self {
    case .other: return 0
    case .oneDriveForBusiness: return 1 << 0
    case .sharePoint: return 1 << 1
    case .camera: return 1 << 2
    case .localStorage: return 1 << 3
    case .photos: return 1 << 4
    case .accountDocument: return 1 << 5
    case .box: return 1 << 6
    case .iManage: return 1 << 7
    case .egnyte: return 1 << 8
    }
  }

  /// The Graph `managedAppDataIngestionLocation` value that allows this location, or nil when Graph has none.
  /// `oneDriveForBusiness`, `sharePoint`, `camera` and `photoLibrary` are Graph values; `localStorage`, `box`,
  /// `iManage` and `egnyte` are our reading of the portal's choices.
  public var graphIngestionLocation: String? {
    switch self {
    case .oneDriveForBusiness: return "oneDriveForBusiness"
    case .sharePoint: return "sharePoint"
    case .camera: return "camera"
    case .localStorage: return "localStorage"
    case .photos: return "photoLibrary"
    case .box: return "box"
    case .iManage: return "iManage"
    case .egnyte: return "egnyte"
    case .other, .accountDocument: return nil
    }
  }

  /// The locations a Graph `allowedDataIngestionLocations` value allows (compared case-insensitively).
  public static func locations(forGraphValue value: String) -> [IntuneMAMOpenLocation] {
    let wanted = value.lowercased()
    return allCases.filter { $0.graphIngestionLocation?.lowercased() == wanted }
  }
}
