/** Names, places and roles for the demo school: a mix of Nigeria's peoples and cities. */

export interface People {
  male: readonly string[];
  female: readonly string[];
  surnames: readonly string[];
  /** How often this people appears in the demo, relative to the others. */
  weight: number;
}

export const PEOPLES = {
  yoruba: {
    weight: 8,
    male: [
      "Adebayo",
      "Oluwaseun",
      "Tunde",
      "Ayodele",
      "Olumide",
      "Babatunde",
      "Kehinde",
      "Femi",
      "Damilare",
      "Segun",
      "Tobiloba",
      "Ayomide",
      "Oluwafemi",
      "Gbenga",
      "Akinola",
    ],
    female: [
      "Folasade",
      "Adeola",
      "Oluwakemi",
      "Titilayo",
      "Funmilayo",
      "Yetunde",
      "Bukola",
      "Temitope",
      "Omolara",
      "Ayobami",
      "Damilola",
      "Modupe",
      "Oluwatoyin",
      "Morenike",
      "Simisola",
    ],
    surnames: [
      "Adeyemi",
      "Ogunleye",
      "Balogun",
      "Oladipo",
      "Akinwale",
      "Ogunbiyi",
      "Adewale",
      "Fashola",
      "Oyelaran",
      "Adebisi",
      "Ajayi",
      "Olanrewaju",
      "Alabi",
      "Oyewole",
      "Bakare",
    ],
  },
  igbo: {
    weight: 8,
    male: [
      "Chinedu",
      "Emeka",
      "Obinna",
      "Ikechukwu",
      "Chukwuemeka",
      "Nnamdi",
      "Uchenna",
      "Kelechi",
      "Chidiebere",
      "Ifeanyi",
      "Somtochukwu",
      "Chibuike",
      "Ebuka",
      "Tochukwu",
      "Kenechukwu",
    ],
    female: [
      "Ngozi",
      "Chiamaka",
      "Adaeze",
      "Nneka",
      "Ifeoma",
      "Chinonso",
      "Amarachi",
      "Obiageli",
      "Uchechi",
      "Chidinma",
      "Ebere",
      "Ogechi",
      "Chioma",
      "Nkechi",
      "Ujunwa",
    ],
    surnames: [
      "Okafor",
      "Eze",
      "Nwosu",
      "Okonkwo",
      "Obi",
      "Nwachukwu",
      "Okeke",
      "Onyekachi",
      "Ugwu",
      "Anyanwu",
      "Chukwu",
      "Ibe",
      "Nwankwo",
      "Onuoha",
      "Ezeh",
    ],
  },
  hausa: {
    weight: 6,
    male: [
      "Musa",
      "Abdullahi",
      "Ibrahim",
      "Sani",
      "Aliyu",
      "Usman",
      "Abubakar",
      "Yusuf",
      "Bashir",
      "Nasiru",
      "Kabiru",
      "Mustapha",
      "Sadiq",
      "Umar",
      "Haruna",
    ],
    female: [
      "Aisha",
      "Fatima",
      "Zainab",
      "Hadiza",
      "Amina",
      "Hauwa",
      "Maryam",
      "Khadija",
      "Rukayya",
      "Safiya",
      "Halima",
      "Bilkisu",
      "Jamila",
      "Sa'adatu",
      "Asma'u",
    ],
    surnames: [
      "Bello",
      "Abubakar",
      "Danjuma",
      "Lawal",
      "Mohammed",
      "Yakubu",
      "Garba",
      "Suleiman",
      "Shehu",
      "Adamu",
      "Aminu",
      "Dikko",
      "Tanko",
      "Baba",
      "Idris",
    ],
  },
  edo: {
    weight: 1,
    male: ["Osagie", "Efosa", "Osaro", "Ehigie", "Omoruyi"],
    female: ["Osaretin", "Eghosa", "Uyi", "Ivie", "Isoken"],
    surnames: ["Igbinedion", "Iyoha", "Osagie", "Ighodaro", "Obaseki"],
  },
  ijaw: {
    weight: 1,
    male: ["Ebikeme", "Tamuno", "Ibinabo", "Preye", "Timipre"],
    female: ["Ebiwari", "Tonye", "Boma", "Ebiere", "Pere"],
    surnames: ["Alagoa", "Dokubo", "Briggs", "Amakiri", "George"],
  },
  ibibio: {
    weight: 1,
    male: ["Effiong", "Etim", "Nsikak", "Aniekan", "Ubong"],
    female: ["Ekaette", "Edidiong", "Iquo", "Enoabasi", "Imaobong"],
    surnames: ["Effiong", "Bassey", "Etim", "Okon", "Udoh"],
  },
  tiv: {
    weight: 1,
    male: ["Terver", "Aondona", "Tersoo", "Iorwuese", "Msughter"],
    female: ["Doosuur", "Mnena", "Mwuese", "Nguveren", "Kumbur"],
    surnames: ["Tarka", "Akume", "Orkar", "Iorember", "Gbor"],
  },
  urhobo: {
    weight: 1,
    male: ["Oghenekaro", "Ejiro", "Ovie", "Onoriode", "Akpofure"],
    female: ["Ufuoma", "Oghenetega", "Erhire", "Ese", "Onome"],
    surnames: ["Omatseye", "Edewor", "Okpako", "Ibru", "Onosode"],
  },
} as const satisfies Record<string, People>;

export interface City {
  name: string;
  streets: readonly string[];
  areas: readonly string[];
}

export const CITIES: readonly City[] = [
  {
    name: "Lagos",
    streets: [
      "Adeola Odeku Street",
      "Allen Avenue",
      "Awolowo Road",
      "Herbert Macaulay Way",
      "Bode Thomas Street",
      "Adetokunbo Ademola Street",
      "Obafemi Awolowo Way",
      "Ogunlana Drive",
    ],
    areas: ["Victoria Island", "Ikeja", "Ikoyi", "Yaba", "Surulere", "Lekki Phase 1", "Ajao Estate", "Gbagada"],
  },
  {
    name: "Abuja",
    streets: [
      "Aminu Kano Crescent",
      "Ademola Adetokunbo Crescent",
      "Gimbiya Street",
      "Lobito Crescent",
      "Herbert Macaulay Way",
      "Kashim Ibrahim Way",
    ],
    areas: ["Wuse 2", "Garki", "Maitama", "Asokoro", "Gwarinpa", "Jabi", "Kubwa"],
  },
  {
    name: "Ibadan",
    streets: ["Ring Road", "Bodija Market Road", "Oyo Road", "Iwo Road", "Adekunle Fajuyi Road", "Awolowo Avenue"],
    areas: ["Bodija", "Challenge", "Dugbe", "Mokola", "Agodi", "Jericho"],
  },
  {
    name: "Enugu",
    streets: ["Ogui Road", "Zik Avenue", "Okpara Avenue", "Chime Avenue", "Abakaliki Road", "Presidential Road"],
    areas: ["Independence Layout", "GRA", "New Haven", "Trans-Ekulu", "Uwani", "Achara Layout"],
  },
  {
    name: "Kano",
    streets: ["Zoo Road", "Murtala Mohammed Way", "Bompai Road", "Zaria Road", "Ibrahim Taiwo Road", "France Road"],
    areas: ["Nassarawa GRA", "Sabon Gari", "Fagge", "Tarauni", "Gyadi-Gyadi", "Bompai"],
  },
];

/** Mobile prefixes of MTN, Glo, Airtel and 9mobile, after the trunk 0. */
export const MOBILE_PREFIXES = [
  "803",
  "806",
  "813",
  "816",
  "703",
  "706",
  "810",
  "814",
  "903",
  "906",
  "805",
  "807",
  "815",
  "811",
  "905",
  "802",
  "808",
  "812",
  "708",
  "701",
  "902",
  "901",
  "907",
  "809",
  "817",
  "818",
  "909",
  "908",
];

export const CLASSES = ["JSS1", "JSS2", "JSS3", "SS1", "SS2", "SS3"] as const;

/** About 300 students, fewer in the senior classes as pupils leave. */
export const STUDENTS_PER_CLASS: Readonly<Record<(typeof CLASSES)[number], number>> = {
  JSS1: 55,
  JSS2: 52,
  JSS3: 51,
  SS1: 49,
  SS2: 47,
  SS3: 46,
};

/** Extra-lesson subjects for students who take lessons, by level. */
export const LESSON_SUBJECTS = {
  junior: ["Mathematics", "English Language", "Basic Science", "Basic Technology", "French"],
  senior: [
    "Mathematics",
    "English Language",
    "Physics",
    "Chemistry",
    "Biology",
    "Economics",
    "Financial Accounting",
    "Further Mathematics",
  ],
} as const;

export interface TeachingRole {
  position: string;
  subjects: readonly string[];
  level: "junior" | "senior" | "both";
  /** A language or religion teacher comes from the people it belongs to. */
  people?: keyof typeof PEOPLES;
}

/** 28 teaching posts of a secondary school with one arm per class. */
export const TEACHING_ROLES: readonly TeachingRole[] = [
  { position: "Vice Principal (Academics)", subjects: ["Mathematics"], level: "senior" },
  { position: "Head of Sciences", subjects: ["Chemistry"], level: "senior" },
  { position: "Head of Arts", subjects: ["Literature in English"], level: "senior" },
  { position: "Head of Commercial Studies", subjects: ["Financial Accounting", "Commerce"], level: "senior" },
  { position: "Teacher", subjects: ["Mathematics"], level: "junior" },
  { position: "Teacher", subjects: ["Mathematics", "Further Mathematics"], level: "senior" },
  { position: "Teacher", subjects: ["English Language"], level: "junior" },
  { position: "Teacher", subjects: ["English Language"], level: "senior" },
  { position: "Teacher", subjects: ["English Language", "Literature in English"], level: "both" },
  { position: "Teacher", subjects: ["Basic Science"], level: "junior" },
  { position: "Teacher", subjects: ["Basic Technology", "Technical Drawing"], level: "both" },
  { position: "Teacher", subjects: ["Physics"], level: "senior" },
  { position: "Teacher", subjects: ["Biology"], level: "senior" },
  { position: "Teacher", subjects: ["Agricultural Science"], level: "both" },
  { position: "Teacher", subjects: ["Economics"], level: "senior" },
  { position: "Teacher", subjects: ["Government", "Civic Education"], level: "both" },
  { position: "Teacher", subjects: ["Geography"], level: "senior" },
  { position: "Teacher", subjects: ["Social Studies"], level: "junior" },
  { position: "Teacher", subjects: ["Business Studies"], level: "junior" },
  { position: "Teacher", subjects: ["Christian Religious Studies"], level: "both", people: "igbo" },
  { position: "Teacher", subjects: ["Islamic Religious Studies", "Hausa"], level: "both", people: "hausa" },
  { position: "Teacher", subjects: ["Computer Studies", "Data Processing"], level: "both" },
  { position: "Teacher", subjects: ["French"], level: "both" },
  { position: "Teacher", subjects: ["Yoruba"], level: "both", people: "yoruba" },
  { position: "Teacher", subjects: ["Igbo"], level: "both", people: "igbo" },
  { position: "Teacher", subjects: ["Home Economics", "Food and Nutrition"], level: "both" },
  { position: "Teacher", subjects: ["Cultural and Creative Arts", "Music"], level: "junior" },
  { position: "Teacher", subjects: ["Physical and Health Education"], level: "both" },
];

/** 12 non-teaching posts. */
export const NON_TEACHING_POSITIONS: readonly string[] = [
  "Bursar",
  "Accountant",
  "Secretary",
  "Librarian",
  "School Nurse",
  "Laboratory Attendant",
  "Store Keeper",
  "Security Officer",
  "Security Officer",
  "Driver",
  "Cleaner",
  "Cook",
];
