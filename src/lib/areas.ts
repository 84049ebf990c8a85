/** Titles and one-line summaries of the app's areas, shared by their pages and the health overview (core spec 1 and 2). */
export const AREAS = {
  health: { title: "Health", summary: "Your health tools in one place: vitamins, kick counter, cravings, symptoms, contractions, birth plan, hospital bag and medical contacts." },
  vitamins: { title: "Vitamins", summary: "Keep track of the vitamins and supplements you take each day." },
  kicks: { title: "Kick Counter", summary: "Count your baby's kicks and see how long each session took." },
  cravings: { title: "Cravings", summary: "Note your cravings and look back on them week by week." },
  symptoms: { title: "Symptoms", summary: "Log symptoms with their date and severity to share with your care team." },
  birthPlan: { title: "Birth Plan", summary: "Write down your wishes for labour and delivery." },
  hospitalBag: { title: "Hospital Bag", summary: "A checklist of everything to pack for the hospital." },
  contractions: { title: "Contraction Timer", summary: "Time contractions and the gaps between them." },
  medicalContacts: { title: "Medical Contacts", summary: "Your doctor, midwife, hospital and other care contacts, at hand." },
  photos: { title: "Photo Album", summary: "Share photos week by week, tag your guests, and find ideas in the inspiration gallery." },
  registry: { title: "Registry", summary: "Link your baby registries at your favourite retailers so family and friends can find them." },
  babyGame: { title: "Baby Game", summary: "Everyone guesses the birth date, weight and length; see who comes closest." },
} as const;
