/**
 * User-facing texts quoted exactly from the specification documents (spec 1 sections 5 and 8,
 * spec 2 sections 5 and 8). Keep the spelling and punctuation as they are, odd spacing included.
 */
export const MSG = {
  somethingWentWrong: 'Something went wrong. Please try again!',
  loginSuccessful: 'Login successful!',
  logoutConfirm: 'Are you sure ?',
  logoutSuccessful: 'Log out successful!',
  logoutDeclined: 'Good choice!',
  passwordChanged: 'Password has been Changed',
  resetDone: 'Done!',
  // Admins
  enterName: 'Enter name!',
  enterValidEmail: 'Enter valid email!',
  enterValidPhone: 'Enter valid Phone No.!',
  userDeleted: 'User has been Deleted!!',
  userAdded: 'User has been Added',
  userUpdated: 'User has been Updated',
  userUpdatedSuccessfully: 'User updated successfully!',
  couldntDeleteUser: "Couldn't delete user",
  // Question bank
  enterCategory: 'Enter a new category!',
  duplicateCategory: 'Another Category with the same name already exists.',
  enterQuestion: 'Enter a new Question!',
  selectDifficulty: 'Select difficulty level',
  atLeastTwoOptions: 'At least 2 options',
  enterOption: 'Please enter an option or delete this field.',
  categoryNotAdded: 'Category Not Added, Please Try Again',
  questionNotAdded: 'Question Not Added, Please Try Again',
  resourceNotAdded: 'Resource Not Added, Please Try Again',
  topicNotAdded: 'Topic Not Added, Please Try Again',
  videoNotEdited: 'Video Not Edited, Please Try Again',
  momentNotAdded: 'Moment Not Added, Please Try Again',
  fileNotAdded: 'File Not Added, Please Try Again',
  unableToFetchProgress: 'Unable to fetch Progress',
  unableToFetchModules: 'Unable to fetch Modules',
  // Library file (spec 1 section 5)
  enterFileName: 'Enter a new name!',
  descriptionMandatory: 'Description is mandatory',
  selectLanguage: 'Select a language!',
  selectVisibility: 'Please select video visibility',
  selectLevel: 'Please select a level',
  selectVideoType: 'Please select video type',
  addGroups: 'Add some Groups',
  enterUrl: 'Enter a new url!',
  enterFile: 'Enter a new file!',
  enterDuration: 'Please enter video duration!',
  // Moment (spec 1 section 5)
  enterTimestamp: 'Enter a new timestamp!',
  enterDescription: 'Enter a new description!',
  enterTranscript: 'Enter a new transcript!',
  // Transcript (spec 1 section 5)
  selectTranscriptLanguage: 'Select Language',
  cannotEditTranscriptLanguage: 'Cannot edit transcript language',
  // Video attach
  selectQuestion: 'Please select a Question!',
} as const;

/** 'URL already exists with video name {title}' */
export const urlExistsMessage = (title: string): string => `URL already exists with video name ${title}`;

/** This project's own texts for rules the spec states without a message (library, uploads, transcripts). */
export const APP_TEXT = {
  selectStatus: 'Please select a status',
  selectBusinessIdea: 'Select at least one business idea',
  selectFileType: 'Select a file type',
  titleTooLong: 'The name is at most 100 characters.',
  descriptionTooLong: 'The description is at most 1000 characters.',
  durationRange: 'Hours 0 to 12, minutes and seconds 0 to 59.',
  timestampFormat: 'Use the format HH:mm:ss.',
  enterCaption: 'Enter a caption!',
  enterCaptionTimestamp: 'Enter a timestamp (HH:mm:ss)!',
  uploadCancelled: 'The upload was cancelled.',
  fileNotGranted: 'This file was not chosen in this session. Choose it again.',
  fileChanged: 'The file changed on disk since it was chosen. Choose it again.',
  fileMissing: 'The file cannot be read any more. Choose it again.',
  noDuration: 'This file has no readable duration. Enter the duration by hand.',
  notAFile: 'Only a regular file can be used.',
  foundLink: 'This is a link to another file (a symbolic link): links are not followed. Use the file itself.',
  dropNotOnDisk: 'This item is not a file on this computer. Drop a file from a folder, or choose it.',
  captionsTooLarge: 'The caption file is larger than 2 MiB.',
  frameUndecodable: 'This video cannot be decoded here (its format or codec is not one this app can play), so no frame can be taken from it. Choose a thumbnail image instead.',
  frameNoVideo: 'This file has no picture to take a frame from. Choose a thumbnail image instead.',
  publicOnly: 'Status and Level apply only to Public files.',
} as const;
