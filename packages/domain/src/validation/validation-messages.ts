/**
 * Validation messages. Those the spec quotes (§5) are word for word; the rest (marked "ours") are
 * not worded by the spec and follow its style.
 */
export const validationMessages = {
  required: 'This field is required', // ours
  numeric: 'Please enter numeric value',
  email: 'Please enter a valid email address',
  usernameMismatch: 'Username and confirmation do not match', // ours
  passwordMismatch: 'Password and confirmation do not match', // ours
  macId: 'Please enter MAC ID',
  challengeKey: 'Please enter Challenge key',
  ipAddress: 'Please enter a valid IP address', // ours
  duplicateOutlet: 'This outlet is already selected', // ours
  deviceNameRequired: 'Device Name cannot be empty',
  shellDeviceNameRequired: 'Please enter the device name',
  maxLength: 'Maximum length allowed is 40',
  locationNameRequired: 'Please enter location name',
  zipCode: 'Please enter proper zipcode',
  pictureTooLarge: 'File size should be less than or equal to 300 KB',
  pictureType: 'Invalid file type',
  clientNameRequired: 'Please enter client name',
  clientEmailRequired: 'Please enter a client email',
  clientPhoneRequired: 'Please enter contact number',
  emptyNote: 'Can not save empty note.',
  searchTooShort: 'Please enter at least 3 characters', // ours
  searchEmpty: 'Please enter a search keyword', // ours
  searchTooLong: 'Please enter at most 100 characters', // ours
} as const;
