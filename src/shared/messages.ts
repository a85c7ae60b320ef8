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
} as const;

/** 'URL already exists with video name {title}' */
export const urlExistsMessage = (title: string): string => `URL already exists with video name ${title}`;
