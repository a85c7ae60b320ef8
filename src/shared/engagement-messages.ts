/**
 * Texts of the engagement areas (synonyms, quotes, daily tips, events, mentors). `ENGAGEMENT_MSG` quotes
 * spec 2 sections 5 and 8 exactly, odd spelling and spacing included ('Enter a  Event Date!' has two
 * spaces); `ENGAGEMENT_TEXT` is this project's wording for rules the spec states without a message.
 * Kept apart from messages.ts so that the areas built in parallel do not edit one file.
 */
export const ENGAGEMENT_MSG = {
  addGroups: 'Add Groups',
  // Quotes
  enterQuote: 'Enter a Quotes!',
  selectLanguage: 'Select a language!',
  errorInPost: 'Error in Post, Please Try Again',
  // Daily tips
  addBusinessIdeas: 'Add business Ideas',
  tipNotAdded: 'Tip Not Added, Please Try Again',
  errorWhilePost: 'Error while Post, Please Try Again',
  tipNotEdited: 'Tip Not Edited, Please Try Again',
  errorWhileEdit: 'Error while Edit, Please Try Again',
  // Events
  enterEventTitle: 'Enter a Event Title!',
  specialCharacters: 'Special characters are not allowed',
  enterEventDescription: 'Enter a Event Description!',
  enterEventDate: 'Enter a  Event Date!',
  enterStartTime: 'Enter a Start Time!',
  enterEndTime: 'Enter a End Time!',
  startAfterEnd: 'Start time cannot be more than end time!',
  selectBusinessIdeaForVideo: 'Please select at least one business idea that goes with this video.',
  selectLevel: 'Please select a level',
  eventNotUpdated: 'Event Not Updated, Please Try Again',
  errorInUpdate: 'Error in Update, Please Try Again',
  eventLinkCopied: 'Event link is copied.',
  // Mentors
  enterMentorName: 'Enter a Mentor Name!',
  enterEmail: 'Enter an Email!',
  enterMobile: 'Enter a Mobile number',
  enterOrganisation: 'Enter an Organisation Details!',
  enterDesignation: 'Enter Mentor Designation details!',
  enterMentorBio: 'Enter a Mentor Bio!',
  uploadProfilePicture: 'Upload a Mentor Profile Picture!',
  enterNewVideo: 'Enter a new video!',
  enterNewFileUrl: 'Enter a new file url!',
  // Shared with the course screens of spec 2
  unableToDelete: 'Unable to delete, Please Try Again',
} as const;

export const ENGAGEMENT_TEXT = {
  // Synonyms
  enterGroup: 'Enter a group!',
  addSynonym: 'Add at least one synonym!',
  groupTooLong: 'A group is at most 100 characters.',
  synonymTooLong: 'A synonym is at most 100 characters.',
  tooManySynonyms: 'A group has at most 200 synonyms.',
  groupExists: 'Another group with the same name already exists.',
  groupAdded: 'Synonym has been Added',
  groupUpdated: 'Synonym has been Updated',
  groupNotFound: 'Group not found. It may have been removed; reload the list.',
  // Quotes and tips
  quoteTooLong: 'A quote is at most 500 characters.',
  quoteAdded: 'Quote has been Added',
  quoteDeleted: 'Quote has been Deleted',
  quoteNotFound: 'Quote not found. It may have been removed; reload the list.',
  enterTip: 'Enter a Tip!',
  tipTooLong: 'A tip is at most 1000 characters.',
  addTipRow: 'Add a tip in at least one language.',
  languageOnce: 'Each language can be used once.',
  tipAdded: 'Tip has been Added',
  tipUpdated: 'Tip has been Updated',
  tipDeleted: 'Tip has been Deleted',
  tipNotFound: 'Tip not found. It may have been removed; reload the list.',
  imageUrl: 'The background image must be an http(s) address.',
  imageNotImage: 'The image must be a png, jpg, webp or gif file.',
  unknownIds: (what: string) => `Some of the chosen ${what} do not exist. Reload the form and choose again.`,
  // Events
  eventTitleTooLong: 'The title is at most 200 characters.',
  eventDescriptionTooLong: 'The description is at most 2000 characters.',
  dateFormat: 'Use the date format D-MM-YYYY.',
  timeFormat: 'Use the time format HH:mm.',
  selectMentors: 'Select at least one mentor.',
  durationMismatch: 'The duration must be the minutes from start to end time.',
  eventAdded: 'Event has been Added',
  eventUpdated: 'Event has been Updated',
  eventDeleted: 'Event has been Deleted',
  eventNotFound: 'Event not found. It may have been removed; reload the list.',
  // Mentors
  selectSpeciality: 'Select at least one business idea',
  nameTooLong: 'The name is at most 100 characters.',
  bioTooLong: 'The bio is at most 1000 characters.',
  internalBioTooLong: 'The internal bio is at most 1000 characters.',
  feeMinimum: 'The fee is a number of rupees, 0 or more.',
  fieldTooLong: (what: string, max: number) => `${what} is at most ${max} characters.`,
  notAVideo: 'The intro video must be a video file (mp4, webm, mov, m4v or mkv).',
  mentorAdded: 'Mentor has been Added',
  mentorUpdated: 'Mentor has been Updated',
  mentorDeleted: 'Mentor has been Deleted',
  mentorNotFound: 'Mentor not found. It may have been removed; reload the list.',
  mentorEmailTaken: 'Another mentor already has this email.',
  notAnImage: 'The profile picture must be an image (png, jpg, webp or gif).',
  mentorInEvents: (n: number) =>
    `This mentor attends ${n} event${n === 1 ? '' : 's'}. Remove them from ${n === 1 ? 'it' : 'those'} first.`,
} as const;
