//! The back office's own business (issue 19): its administrators, its dashboard, its people and companies lists,
//! deleting a company and commenting on it. The rest of what
//! administrators do lives with the area it changes (`billing::administration`, the audit log in
//! `platform::audit`, claims and the contract flag in `companies`).

pub mod administrators;
pub mod companies;
pub mod dashboard;
pub mod people;
